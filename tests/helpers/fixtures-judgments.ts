/**
 * Fixture rows of the Judgments folder (spread into the table in fixtures.ts).
 *
 * Every operation on an existing judgment needs a matter that had authority when the judgment
 * was taken in; `kit.judgment()` lets that grant lapse when the gate check asks for a matter
 * without authority (see Kit.judgment).
 */
import type { Fixture, Kit } from './fixtures';

/** The entered judgment as a source: the required_documents gate needs one. */
export const JUDGMENT_REF = {
  source_type: 'judgment',
  title: 'Entered judgment',
  uri: 'https://docs.example/judgment.pdf',
};

/**
 * A valid intake body: a federal judgment (S.D.N.Y.) entered in 2023, long past its automatic
 * stay and well within its life, on a commercial debt, with the judgment on record — every
 * readiness gate but sanctions can pass on what the intake itself says.
 */
export const intakeBody = (k: Kit, matterId: string) => ({
  matter_id: matterId,
  court: 'U.S. District Court, S.D.N.Y.',
  case_number: k.unique('1:23-cv'),
  jurisdiction: 'US-FED-NY',
  creditor: 'Acme Capital LLC',
  debtor: 'Harbor Lane Widgets LLC',
  amount: { amount: '100000.00', currency: 'USD' },
  date_entered: '2023-03-01',
  type: 'standard',
  source_refs: [JUDGMENT_REF],
  consumer_debt: false,
  post_judgment_interest: { rate_pct: '4.74', basis: '1-year CMT weekly average, week ending 2023-02-24' },
});

/** An exchange deposit address from the shipped wallet labels (not on the OFAC list). */
const COINBASE_WALLET = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';

const onJudgment =
  (tail: string, body?: Record<string, unknown>, opts: { ready?: boolean } = {}) =>
  async (k: Kit) => {
    const j = await k.judgment(opts);
    return { path: `/v1/judgments/${j.judgment_id}${tail}`, body, matterId: j.matter_id };
  };

export const judgmentFixtures: Record<string, Fixture> = {
  intakeJudgment: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: '/v1/judgments/intake', body: intakeBody(k, m), matterId: m };
    },
  },
  getJudgment: { level: 'matter', build: onJudgment('') },
  updateJudgment: {
    level: 'matter',
    build: onJudgment('', {
      renewal_deadline: '2043-02-28',
      consumer_debt: false,
      appeal_stay_status: 'none',
      bankruptcy_status: 'none',
      review_state: { review_owner: 'Fixture Counsel', review_notes: 'fixture' },
      source_refs: [JUDGMENT_REF],
      post_judgment_interest: { rate_pct: '4.74', basis: '1-year CMT weekly average, week ending 2023-02-24' },
    }),
  },
  validateJudgment: {
    level: 'matter',
    build: onJudgment('/validate', { consumer_debt: false, bankruptcy_known: false, appeal_stay_known: false }),
  },
  listJudgmentDeadlines: { level: 'matter', build: onJudgment('/deadlines') },
  setEnforcementProfile: {
    level: 'matter',
    // The profile needs a judgment whose latest validation is enforcement_ready.
    build: onJudgment(
      '/enforcement-profile',
      { profile: 'measured', notes: 'Counsel approved a measured posture' },
      { ready: true },
    ),
  },
  createEnforcementPlan: {
    level: 'matter',
    build: onJudgment('/enforcement-plan', {
      profile: 'assertive',
      constraints: {
        consumer_debt: false,
        bankruptcy_known: false,
        appeal_stay_known: false,
        sanctions_review_required: false,
      },
      known_wallets: [COINBASE_WALLET],
      known_exchanges: ['Coinbase'],
    }),
  },
  listJudgments: { level: 'none', build: async () => ({ path: '/v1/judgments' }) },
};
