import {
  cited,
  fiftyPercent,
  holdTreatment,
  judicialProcessRule,
  LICENSE_RULE,
  LICENSING_DATA,
  licenseRefusal,
  REPORT_RULE,
} from '../sanctions/blocked-property';
import { addDays, daysBetween, type IsoDate } from './dates';
import { exchangeDomicile, EXCHANGE_DOMICILES } from './exchange-domiciles';
import { resolveRules, type ResolvedRules } from './jurisdiction-rules';
import { automaticStayEnd, type Gate } from './validation-gates';
import { exchangeSlug, LABELS_DATASET, type WalletClassification } from './wallet-index';

/**
 * The enforcement plan: a deterministic rule engine over the judgment, its jurisdiction, the
 * claimants, the chosen profile, the constraints and the classified wallets and exchanges.
 * Every proposed step names what triggered it (rationale), its legal basis and the packet it
 * calls for. Steps above the profile's pressure level are left out; lawful bars (bankruptcy,
 * stays, an expired judgment, missing documents) move collection steps to blocked_actions with
 * the reason. A sanctions hold (a listed or potentially listed debtor or wallet) bars only the
 * steps that move property (domain/sanctions/blocked-property.ts): restraint, preservation and
 * discovery stay available, as blocking allows, and a license application is proposed. Same
 * input, same plan.
 */
export const PROFILES = { measured: 1, assertive: 2, maximum_lawful: 3 } as const;
export type Profile = keyof typeof PROFILES;
export type Priority = 'urgent' | 'high' | 'normal' | 'low';

export interface PlanAction {
  type: string;
  title: string;
  priority: Priority;
  rationale: string;
  legal_basis: string;
  packet_type: string | null;
  pressure_level: 1 | 2 | 3;
  target: { kind: 'judgment' | 'debtor' | 'wallet' | 'exchange' | 'matter'; value: string };
}

export type BlockReason =
  | 'bankruptcy'
  | 'stay'
  | 'sanctions_license'
  | 'judgment_life'
  | 'required_documents'
  | 'judgment_status'
  | 'assignment'
  | 'award_unconfirmed'
  | 'invalid_address';

export interface BlockedAction {
  type: string;
  title: string;
  packet_type: string | null;
  target: PlanAction['target'];
  blocked_by: BlockReason;
  reason: string;
}

export interface PlanConstraints {
  consumer_debt: boolean | null;
  bankruptcy_known: boolean;
  appeal_stay_known: boolean;
  sanctions_review_required: boolean;
  /** Aggregate percentage of the debtor owned, directly or indirectly, by blocked persons, when
   *  known (OFAC's 50 Percent Rule); null or absent when unknown. */
  blocked_ownership_pct?: number | null;
  /** The first date set for the § 341 meeting of creditors, when known (Rule 4007(c) runs from it). */
  bankruptcy_meeting_date?: IsoDate | null;
}

export interface PlanInput {
  today: IsoDate;
  judgment: {
    judgment_id: string;
    date_entered: IsoDate;
    type: string;
    status: string;
    debtor: string;
    appeal_stay_status: string;
    bankruptcy_status: string;
    claim_nature?: string | null;
    debtor_type?: string | null;
    assignment_status?: string;
  };
  rules: ResolvedRules;
  claimants: { name: string; role: string }[];
  profile: Profile;
  constraints: PlanConstraints;
  wallets: WalletClassification[];
  /** known_exchanges as given, with whether the label data knows them. */
  exchanges: { name: string; known: boolean }[];
  gates: Gate[];
  /** The judgment's deadlines (as stored), for renewal urgency. */
  deadlines: { kind: string; date: IsoDate | null; title: string; legal_basis: string | null }[];
}

export interface Plan {
  profile: Profile;
  pressure_level: number;
  review_required: boolean;
  review_reasons: string[];
  priority_actions: PlanAction[];
  blocked_actions: BlockedAction[];
  wallets: {
    address: string;
    network: string;
    valid: boolean;
    category: string;
    exchange: string | null;
    sanctions: { sdn_name: string; programs: string[] }[];
    note: string | null;
  }[];
  datasets: string[];
}

/** Step kinds. `collection`: barred by bankruptcy, stays and readiness failures; under a
 * sanctions hold, holdTreatment(type) says whether it needs an OFAC license. */
interface Kind {
  packet: string | null;
  level: 1 | 2 | 3;
  priority: Priority;
  collection: boolean;
}
const KINDS: Record<string, Kind> = {
  sanctions_review: { packet: 'sanctions_review', level: 1, priority: 'urgent', collection: false },
  ofac_license_application: { packet: null, level: 1, priority: 'high', collection: false },
  blocked_property_report: { packet: null, level: 1, priority: 'high', collection: false },
  bankruptcy_claim: { packet: null, level: 1, priority: 'urgent', collection: false },
  nondischargeability_complaint: { packet: null, level: 1, priority: 'urgent', collection: false },
  enforce_lien_in_rem: { packet: null, level: 2, priority: 'normal', collection: true },
  record_assignment: { packet: null, level: 1, priority: 'urgent', collection: false },
  confirm_award: { packet: null, level: 1, priority: 'urgent', collection: false },
  exemption_review: { packet: null, level: 1, priority: 'high', collection: false },
  register_judgment: { packet: null, level: 1, priority: 'high', collection: true },
  domesticate_judgment: { packet: null, level: 1, priority: 'high', collection: true },
  foreign_recognition: { packet: null, level: 2, priority: 'normal', collection: true },
  renew_judgment: { packet: null, level: 1, priority: 'high', collection: false },
  revive_judgment: { packet: null, level: 1, priority: 'urgent', collection: false },
  supply_documents: { packet: null, level: 1, priority: 'high', collection: false },
  consumer_compliance_review: { packet: null, level: 1, priority: 'high', collection: false },
  debtor_discovery: { packet: null, level: 1, priority: 'normal', collection: true },
  vasp_legal_process: { packet: 'vasp_legal_process', level: 1, priority: 'high', collection: true },
  monitor_wallet: { packet: null, level: 1, priority: 'normal', collection: false },
  exchange_freeze: { packet: 'exchange_freeze', level: 2, priority: 'high', collection: true },
  exchange_intercept: { packet: 'exchange_intercept', level: 2, priority: 'normal', collection: true },
  turnover_workflow: { packet: 'self_custody_turnover', level: 2, priority: 'normal', collection: true },
  issuer_freeze: { packet: 'issuer_freeze', level: 2, priority: 'high', collection: true },
  exchange_turnover: { packet: 'exchange_turnover', level: 3, priority: 'normal', collection: true },
  burn_reissue: { packet: 'burn_reissue', level: 3, priority: 'normal', collection: true },
  contempt_motion: { packet: null, level: 3, priority: 'normal', collection: true },
  law_enforcement_referral: { packet: 'law_enforcement_referral', level: 3, priority: 'normal', collection: true },
};
/** Steps that put the judgment on another court's docket; they move no property, so a
 *  sanctions hold leaves them open (they still wait out stays and bankruptcy). */
const DOCKET_STEPS = new Set(['register_judgment', 'domesticate_judgment', 'foreign_recognition']);
/** Process against property the pre-petition lien attached: a discharge leaves it (in rem). */
const IN_REM_STEPS = new Set(['enforce_lien_in_rem']);
/** Every step type a plan can propose (an action made from a plan takes its step's type). */
export const STEP_TYPES = Object.keys(KINDS);
const RANK: Record<Priority, number> = { urgent: 0, high: 1, normal: 2, low: 3 };

const RULES_DATASET_NAME = 'data/jurisdictions/enforcement-rules.json';
const short = (a: string) => (a.length > 14 ? `${a.slice(0, 8)}…${a.slice(-4)}` : a);
const GENERIC = "the forum's post-judgment enforcement procedure";

export function buildEnforcementPlan(input: PlanInput): Plan {
  const { rules, judgment: j, constraints: k, today } = input;
  const level = PROFILES[input.profile];
  const tools = rules.enforcement_tools;
  const review: string[] = [...rules.review_reasons];
  const candidates: PlanAction[] = [];
  const add = (
    type: string,
    title: string,
    rationale: string,
    legal_basis: string,
    target: PlanAction['target'],
    priority?: Priority,
  ) => {
    const kind = KINDS[type];
    candidates.push({
      type,
      title,
      priority: priority ?? kind.priority,
      rationale,
      legal_basis,
      packet_type: kind.packet,
      pressure_level: kind.level,
      target,
    });
  };
  const gate = (name: string) => input.gates.find((g) => g.gate === name);
  const jt = { kind: 'judgment' as const, value: j.judgment_id };

  // --- Facts -------------------------------------------------------------------------------
  const sanctionedWallets = input.wallets.filter((w) => w.category === 'sanctioned');
  const sanctionsGate = gate('sanctions');
  // A match or a potential match pauses ordinary collection until it is resolved (API-CONTRACT §9).
  const sanctionsHold = sanctionsGate?.status === 'fail' || sanctionsGate?.status === 'review';
  const ownership = fiftyPercent(k.blocked_ownership_pct ?? null);
  const sanctionsPaused =
    k.sanctions_review_required || sanctionedWallets.length > 0 || sanctionsHold || !!ownership?.blocked;
  // The listed programs decide which part's null-and-void section is cited (5xx.202(e)).
  const programs = [...new Set(sanctionedWallets.flatMap((w) => w.ofac.flatMap((o) => o.programs)))];
  const jp = judicialProcessRule(programs);
  const bankrupt = k.bankruptcy_known || j.bankruptcy_status === 'filed' || j.bankruptcy_status === 'discharged';
  // The automatic stay bars every act against the debtor or the estate; a discharge bars only
  // personal liability (§ 524(a)(2)), so liens that attached before the petition survive in rem.
  const bankruptcyStay = k.bankruptcy_known || j.bankruptcy_status === 'filed';
  const discharged = !bankruptcyStay && j.bankruptcy_status === 'discharged';
  const stayLifted = !bankruptcyStay && j.bankruptcy_status === 'stay_lifted';
  const nature = j.claim_nature ?? null;
  const unrecordedAssignment = j.assignment_status === 'assigned_unrecorded';
  const unconfirmedAward = j.type === 'arbitration_award';
  // A plan that would restrain an exchange account uses attorney-issued process where the forum has it.
  const attorneyRestraint = rules.attorney_issued_process.find(
    (p) => p.tool === 'restraining_notice' || p.tool === 'citation_to_discover_assets',
  );
  const stayEnd = automaticStayEnd(rules, j.date_entered, j.type);
  const appealStay =
    k.appeal_stay_known ||
    j.appeal_stay_status === 'stayed' ||
    (j.appeal_stay_status === 'appeal_pending' && !!rules.stay?.appeal_stays_automatically);
  const postEntryStay = stayEnd !== null && today <= stayEnd;
  const lifeGate = gate('judgment_life');
  const docsGate = gate('required_documents');
  const consumer = k.consumer_debt === true;

  // --- Compliance and preservation steps (never blocked) ----------------------------------
  if (sanctionsPaused) {
    const why = [
      sanctionedWallets.length
        ? `${sanctionedWallets.map((w) => `${short(w.address)} is on the OFAC SDN list (${[...new Set(w.ofac.map((o) => `${o.sdn_name}; ${o.programs.join(', ')}`))].join(' / ')})`).join('; ')} per ${sanctionedWallets[0].datasets[0]}.`
        : '',
      k.sanctions_review_required ? 'The caller flagged that a sanctions review is required.' : '',
      sanctionsHold ? sanctionsGate!.reasons.join(' ') : '',
      ownership?.text ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    add(
      'sanctions_review',
      'Open a sanctions review: confirm or clear the match',
      `${why} Restraint, preservation and discovery may go ahead; turnover, remittance, burn/reissue and issuer freeze wait for counsel's decision and an OFAC license.`,
      `Blocking of the listed person's property (${cited(jp)}, ${jp.part}); ${cited(LICENSE_RULE)}`,
      { kind: 'matter', value: 'sanctions' },
    );
    add(
      'ofac_license_application',
      'Apply to OFAC for a specific license before any turnover or remittance',
      'Property that is or may be blocked can be transferred to the creditor only under a specific OFAC license; without one a turnover order, execution or garnishment against it is null and void.',
      `${cited(LICENSE_RULE)}: specific licenses, applications under 501.801(b)(2); ${cited(jp)}${jp.programs.length ? '' : ' or the analogous section of the program concerned'}`,
      { kind: 'matter', value: 'sanctions' },
    );
    add(
      'blocked_property_report',
      'Confirm that the holder of the property files its blocked-property report',
      'The report is the duty of the U.S. person holding the blocked property (the exchange, custodian or issuer), within 10 business days of blocking; the creditor reports only property it holds itself.',
      `${cited(REPORT_RULE)}: reports on blocked property by the holder, 501.603(b)(1)(i)`,
      { kind: 'matter', value: 'sanctions' },
    );
  } else if (ownership) {
    review.push(ownership.text);
  }
  if (bankrupt) {
    add(
      'bankruptcy_claim',
      'File a proof of claim and seek relief from the automatic stay',
      j.bankruptcy_status === 'discharged'
        ? 'The debtor received a discharge; only a non-dischargeable debt can be pursued.'
        : 'A bankruptcy filing stays every collection step.',
      j.bankruptcy_status === 'discharged' ? '11 U.S.C. §§ 523, 524(a)(2)' : '11 U.S.C. § 362(a), (d)',
      jt,
    );
  }
  if (bankruptcyStay && (nature === 'fraud' || nature === 'tort')) {
    const meeting = k.bankruptcy_meeting_date ?? null;
    const last = meeting ? addDays(meeting, 60) : null;
    add(
      'nondischargeability_complaint',
      last
        ? `File the complaint to except the debt from discharge by ${last}`
        : 'File the complaint to except the debt from discharge within 60 days of the first § 341 meeting date',
      `${nature === 'fraud' ? 'A fraud judgment' : 'A judgment for willful and malicious injury'} is excepted from discharge only if the creditor files a complaint in the bankruptcy court in time; miss the deadline and the debt is discharged. ${last ? `The first date set for the § 341 meeting was ${meeting}, so the last day is ${last}.` : 'Record the first date set for the § 341 meeting (constraints.bankruptcy_meeting_date) to compute the last day.'} The automatic stay does not bar this complaint.`,
      `11 U.S.C. § 523(a)(${nature === 'fraud' ? '2' : '6'}), § 523(c)(1); Fed. R. Bankr. P. 4007(c) (60 days after the first date set for the meeting of creditors under § 341(a))`,
      jt,
    );
    if (!last)
      review.push(
        'The 60-day deadline to except the debt from discharge (Fed. R. Bankr. P. 4007(c)) needs the first § 341 meeting date.',
      );
  }
  if (discharged) {
    add(
      'enforce_lien_in_rem',
      'Enforce the judgment lien against the property it attached before the petition',
      'The discharge ends the debtor’s personal liability, not a valid lien: a judgment lien that attached before the petition and was not avoided can still be enforced against that property.',
      `11 U.S.C. § 524(a)(2) (personal liability only); Johnson v. Home State Bank, 501 U.S. 78, 84 (1991); Long v. Bullard, 117 U.S. 617 (1886); unless avoided under § 522(f)${rules.lien ? `; lien: ${rules.lien.citation}` : ''}`,
      jt,
    );
    if (nature === 'fraud')
      review.push(
        'A fraud judgment survives the discharge only if the bankruptcy court excepted it (11 U.S.C. § 523(a)(2), (c)); record that determination before any in personam step.',
      );
  }
  if (stayLifted)
    review.push(
      'Relief from the automatic stay (11 U.S.C. § 362(d)) reaches only what the order grants (often one property or one proceeding); counsel confirms each collection step is within it.',
    );
  if (unrecordedAssignment) {
    add(
      'record_assignment',
      'File the assignment of the judgment of record before the assignee enforces',
      'The judgment was assigned but the assignment is not filed with the court; until it is, the assignee cannot take enforcement steps in its own name.',
      'Cal. Code Civ. Proc. § 673 (acknowledgment of assignment of judgment); N.Y. CPLR 5019(c) (filing with the clerk); the forum’s equivalent',
      jt,
    );
  }
  if (unconfirmedAward) {
    add(
      'confirm_award',
      'Petition to confirm the arbitration award',
      'An arbitration award is not a judgment: it is enforced through the judgment confirming it.',
      '9 U.S.C. §§ 9, 13 (confirmation within one year; the confirming judgment is enforced as any other); Cal. Code Civ. Proc. §§ 1285, 1287.4; N.Y. CPLR 7510, 7514',
      jt,
    );
  }
  if (j.debtor_type === 'natural_person' || consumer) {
    add(
      'exemption_review',
      'Check exemptions before levy: wages, benefit deposits and state exemptions',
      'The debtor is a natural person: part of their earnings, federal benefits directly deposited and the property state law exempts cannot be taken, whatever the debt.',
      `15 U.S.C. § 1673 (garnishment limited to 25% of disposable earnings); 31 CFR Part 212 (two months of directly deposited federal benefits protected); ${rules.exemptions?.citation ?? "the forum state's exemption statute"}`,
      jt,
    );
  }
  if (docsGate?.status === 'fail') {
    add(
      'supply_documents',
      'Supply the missing documents',
      docsGate.reasons.join(' '),
      "Evidence of the judgment and of the claimant's title is needed for any legal process",
      jt,
    );
  }
  if (consumer) {
    add(
      'consumer_compliance_review',
      'Counsel review of consumer-protection compliance',
      'The judgment arises from a consumer debt: FDCPA practices, exemptions and any consumer interest rate or renewal limit apply.',
      '15 U.S.C. §§ 1692-1692p; 15 U.S.C. § 1673; 31 CFR Part 212',
      jt,
    );
  }
  if (lifeGate?.status === 'fail' && rules.dormancy) {
    add('revive_judgment', 'Revive the dormant judgment', lifeGate.reasons.join(' '), rules.dormancy.citation, jt);
  }
  for (const d of input.deadlines) {
    if (d.kind !== 'renewal' || !d.date || d.date < today) continue;
    const left = daysBetween(today, d.date);
    if (left > 365) continue;
    add(
      'renew_judgment',
      d.title,
      `The legal last day is ${d.date} (${left} days left).`,
      d.legal_basis ?? "the jurisdiction's renewal rule",
      jt,
      left <= 90 ? 'urgent' : 'high',
    );
  }

  // --- Collection steps ------------------------------------------------------------------
  add(
    'debtor_discovery',
    `Serve post-judgment discovery on ${j.debtor} covering crypto holdings and exchange accounts`,
    'Asset discovery identifies wallets, exchange accounts and keys to target.',
    tools.discovery ?? GENERIC,
    { kind: 'debtor', value: j.debtor },
  );

  // Where the exchange is: register (federal, 28 U.S.C. § 1963) or domesticate (a state's
  // UEFJA) the judgment there, once per place; flag an offshore exchange (no US route).
  const forumState = rules.federal ? rules.forum_state : rules.known ? rules.code : null;
  const venues = new Set<string>();
  const addVenue = (slug: string, name: string) => {
    const d = exchangeDomicile(slug);
    if (!d) return;
    const target = { kind: 'exchange' as const, value: slug };
    if (!d.verified)
      review.push(
        `${name}'s operating entity (${d.entity}) is taken from ${EXCHANGE_DOMICILES.name}, unverified: confirm which entity holds the account.`,
      );
    if (d.country !== 'US') {
      review.push(
        `${name} is offshore (${d.entity}, ${d.country}): a US judgment reaches it only through recognition under that country's law.`,
      );
      if (venues.has(d.country)) return;
      venues.add(d.country);
      add(
        'foreign_recognition',
        `Seek recognition of the judgment where ${name} is (${d.country})`,
        `${name} is operated by ${d.entity} (${d.country}). ${d.note} Neither 28 U.S.C. § 1963 nor the Uniform Enforcement of Foreign Judgments Act reaches it; recognition is a matter of local law and local counsel.`,
        `Recognition of foreign judgments under the law of ${d.country} (no US registration route); ${EXCHANGE_DOMICILES.name} (${EXCHANGE_DOMICILES.as_of})`,
        target,
      );
      return;
    }
    if (!d.state) {
      review.push(`${name} is a US entity (${d.entity}) whose state is not recorded; confirm where to register.`);
      return;
    }
    if (d.state === forumState || venues.has(d.state)) return;
    venues.add(d.state);
    const there = resolveRules(d.state);
    if (rules.federal) {
      add(
        'register_judgment',
        `Register the judgment in the U.S. District Court for ${there.name}`,
        `${name} is operated by ${d.entity} (${there.name}); registering there lets the creditor serve process and levy in that district as on a local judgment.`,
        '28 U.S.C. § 1963 (registration in another district once the judgment is final by appeal or expiry of the time to appeal, or earlier on a court order for good cause)',
        target,
      );
    } else {
      const dom = there.domestication;
      add(
        'domesticate_judgment',
        `Domesticate the judgment in ${there.name}`,
        `${name} is operated by ${d.entity} (${there.name}); a ${rules.name} judgment is enforced there once filed under ${there.name}'s act.`,
        dom
          ? `${dom.citation}${dom.act === 'UEFJA' ? ' (Uniform Enforcement of Foreign Judgments Act)' : ''}; full faith and credit, U.S. Const. art. IV, § 1`
          : `${there.name}'s enforcement of sister-state judgments act (not in ${RULES_DATASET_NAME})`,
        target,
      );
      if (dom && !dom.verified)
        review.push(`${there.name}'s domestication rule (${dom.citation}) is unverified in ${RULES_DATASET_NAME}.`);
    }
  };

  // Exchanges: one set of steps per exchange, from labeled wallets and from known_exchanges.
  const exchanges = new Map<
    string,
    { name: string; wallets: WalletClassification[]; known: boolean; given: boolean }
  >();
  for (const w of input.wallets.filter((x) => x.category === 'exchange')) {
    const slug = w.exchange ?? `unnamed-exchange-${w.address.toLowerCase()}`;
    const e = exchanges.get(slug) ?? {
      name: w.exchange ?? `exchange (${w.labels[0]?.name_tags || 'unnamed'})`,
      wallets: [],
      known: true,
      given: false,
    };
    e.wallets.push(w);
    exchanges.set(slug, e);
  }
  for (const x of input.exchanges) {
    const slug = exchangeSlug(x.name);
    const e = exchanges.get(slug) ?? { name: x.name, wallets: [], known: x.known, given: true };
    e.given = true;
    exchanges.set(slug, e);
  }
  for (const [slug, e] of exchanges) {
    const target = { kind: 'exchange' as const, value: slug };
    const seen = e.wallets.length
      ? `${e.wallets.map((w) => `${short(w.address)} is labeled ${w.labels.map((l) => `'${l.name_tags || l.entity}'`).join(', ')}`).join('; ')} in ${LABELS_DATASET.name} (${LABELS_DATASET.as_of}).`
      : `The caller named ${e.name} as an exchange the debtor uses.`;
    if (!e.known)
      review.push(`${e.name} is not in the exchange label data; confirm the legal entity and its compliance channel.`);
    add(
      'vasp_legal_process',
      `Serve legal process on ${e.name} for the debtor's account records`,
      `${seen} An exchange holds KYC and balance records for the accounts behind these deposits.`,
      tools.discovery ?? GENERIC,
      target,
    );
    const process = attorneyRestraint
      ? attorneyRestraint.tool === 'restraining_notice'
        ? 'an attorney-issued restraining notice'
        : 'an attorney-issued citation to discover assets'
      : null;
    add(
      'exchange_freeze',
      process
        ? `Serve ${process} on ${e.name} to restrain the debtor's account`
        : `Restrain the debtor's ${e.name} account`,
      `${seen} A restraint stops withdrawals while turnover is sought.${process ? ` In ${rules.forum_state ?? rules.code} the attorney of record issues it without a court order.` : ''}`,
      attorneyRestraint ? `${attorneyRestraint.citation} (${attorneyRestraint.summary})` : (tools.restraint ?? GENERIC),
      target,
    );
    for (const w of e.wallets) {
      add(
        'exchange_intercept',
        `Ask ${e.name} to hold deposits from ${short(w.address)}`,
        `${short(w.address)} deposits into ${e.name}; further deposits can be held under the restraint.${consumer ? ' Consumer debt: the request goes out only as part of legal process (the restraint), never as an informal letter — telling a third party about a consumer debt outside a post-judgment judicial remedy is barred (15 U.S.C. § 1692c(b)).' : ''}`,
        tools.restraint ?? GENERIC,
        { kind: 'wallet', value: w.address },
      );
      if (consumer)
        review.push(
          `An informal "please hold" request to ${e.name} about a consumer debt falls outside the FDCPA's post-judgment-remedy exception (15 U.S.C. § 1692c(b)); send it only with legal process.`,
        );
    }
    addVenue(slug, e.name);
    add(
      'exchange_turnover',
      `Seek turnover of the restrained ${e.name} balance`,
      `${seen} Turnover converts the restrained balance into a recovery.`,
      tools.turnover ?? GENERIC,
      target,
    );
  }

  let selfCustody = 0;
  for (const w of input.wallets) {
    const target = { kind: 'wallet' as const, value: w.address };
    if (w.category === 'unlabeled') {
      selfCustody++;
      add(
        'monitor_wallet',
        `Monitor ${short(w.address)} for movements`,
        `${short(w.address)} (${w.network}) carries no exchange label: likely self-custody. Watch it for movements to an exchange.`,
        'Monitoring of public blockchain data (no legal process needed)',
        target,
        'low',
      );
      add(
        'turnover_workflow',
        `Move for turnover of the assets in ${short(w.address)}`,
        `${short(w.address)} appears to be self-custodied by the debtor; a turnover order directs the debtor to deliver the assets or keys.`,
        tools.turnover ?? GENERIC,
        target,
      );
      if (w.network === 'evm' || w.network === 'tron') {
        add(
          'issuer_freeze',
          `Request an issuer freeze of stablecoins held by ${short(w.address)}`,
          `${w.network.toUpperCase()} addresses can hold USDT or USDC, whose issuers freeze addresses on a court order.`,
          'Issuer freeze policies (Circle access-denial policy; Tether law-enforcement policy), on a court order',
          target,
        );
        add(
          'burn_reissue',
          `Prepare a burn/reissue request for frozen stablecoins of ${short(w.address)}`,
          'After a freeze, an issuer can burn and reissue the tokens to a destination wallet under a turnover order.',
          'Issuer burn/reissue practice on a court order (e.g. Tether freeze-and-reissue)',
          target,
        );
      }
    } else if (w.category === 'sanctioned') {
      // Listed property: restraint stays open; what would move it is shown blocked (license).
      add(
        'monitor_wallet',
        `Monitor ${short(w.address)} (OFAC-listed)`,
        `${short(w.address)} is on the OFAC SDN list; movements matter to the sanctions review.`,
        'Monitoring of public blockchain data',
        target,
        'low',
      );
      add(
        'turnover_workflow',
        `Move for turnover of the assets in ${short(w.address)}`,
        `${short(w.address)} is attributed to the debtor.`,
        tools.turnover ?? GENERIC,
        target,
      );
      if (w.network === 'evm' || w.network === 'tron') {
        add(
          'issuer_freeze',
          `Request an issuer freeze of stablecoins held by ${short(w.address)}`,
          'Issuers freeze listed addresses; any request goes through the sanctions review.',
          'Issuer freeze policies, on a court order',
          target,
        );
      }
    } else if (w.category === 'risk') {
      review.push(
        `${short(w.address)} carries a risk label (${w.labels.map((l) => l.entity || l.name_tags).join(', ')}); it is likely a service, not the debtor's wallet.`,
      );
      add(
        'monitor_wallet',
        `Trace flows through ${short(w.address)}`,
        `${short(w.address)} is labeled as a risk service (${w.labels.map((l) => l.name_tags).join(', ')}); trace where the debtor's funds go after it.`,
        'Monitoring of public blockchain data',
        target,
        'low',
      );
      add(
        'law_enforcement_referral',
        `Refer the flows through ${short(w.address)} to law enforcement`,
        'Funds routed through a mixer or flagged service may indicate concealment; law enforcement has tools a creditor lacks.',
        'Voluntary referral; no creditor remedy attaches',
        target,
      );
    } else if (w.category === 'bridge') {
      add(
        'monitor_wallet',
        `Trace the bridge transfer through ${short(w.address)}`,
        `${short(w.address)} is a bridge contract; the assets continue on another chain.`,
        'Monitoring of public blockchain data',
        target,
        'low',
      );
    }
  }
  if (selfCustody) {
    add(
      'contempt_motion',
      'If the debtor ignores a turnover order, move for civil contempt',
      "Self-custodied assets need the debtor's cooperation; contempt is the lawful lever to compel it.",
      'Civil contempt to compel compliance with a turnover order (Odyssey Re v. Nagby; Hinkes 2019)',
      { kind: 'debtor', value: j.debtor },
    );
  }

  // --- Filter by profile, then apply the bars ---------------------------------------------
  const priority: PlanAction[] = [];
  const blocked: BlockedAction[] = [];
  const block = (a: PlanAction, by: BlockReason, reason: string) =>
    blocked.push({
      type: a.type,
      title: a.title,
      packet_type: a.packet_type,
      target: a.target,
      blocked_by: by,
      reason,
    });
  for (const a of candidates) {
    if (a.pressure_level > level) continue;
    const kind = KINDS[a.type];
    const wallet = a.target.kind === 'wallet' ? input.wallets.find((w) => w.address === a.target.value) : undefined;
    if (j.status === 'vacated' || j.status === 'satisfied')
      block(a, 'judgment_status', `The judgment is ${j.status}; nothing may be collected on it.`);
    else if (!kind.collection) priority.push(a);
    else if (bankruptcyStay)
      block(
        a,
        'bankruptcy',
        'Bankruptcy automatic stay (11 U.S.C. § 362(a)): every collection step is barred, registration in another court included.',
      );
    else if (discharged && !IN_REM_STEPS.has(a.type))
      block(
        a,
        'bankruptcy',
        'Discharge injunction (11 U.S.C. § 524(a)(2)): the debtor is no longer personally liable; only a lien that survives in rem, or a debt excepted from discharge (§ 523), may be pursued.',
      );
    else if (unconfirmedAward)
      block(a, 'award_unconfirmed', 'An arbitration award is enforced only once a court confirms it (9 U.S.C. § 9).');
    else if (unrecordedAssignment)
      block(
        a,
        'assignment',
        'The assignee enforces only after the assignment is filed of record (Cal. Code Civ. Proc. § 673; N.Y. CPLR 5019(c)).',
      );
    else if (lifeGate?.status === 'fail') block(a, 'judgment_life', lifeGate.reasons.join(' '));
    else if (appealStay) block(a, 'stay', 'Enforcement is stayed pending appeal.');
    else if (postEntryStay)
      block(
        a,
        'stay',
        `Automatic stay after entry until ${stayEnd} (${rules.stay!.citation}); the step can be prepared now and taken from ${addDays(stayEnd!, 1)}.`,
      );
    else if (
      (sanctionsPaused || wallet?.category === 'sanctioned') &&
      holdTreatment(a.type) === 'license_required' &&
      !DOCKET_STEPS.has(a.type)
    )
      block(
        a,
        'sanctions_license',
        `${wallet?.category === 'sanctioned' ? `${short(wallet.address)} is on the OFAC SDN list. ` : ''}${licenseRefusal(
          wallet?.category === 'sanctioned' ? wallet.ofac.flatMap((o) => o.programs) : programs,
        )}`,
      );
    else if (docsGate?.status === 'fail') block(a, 'required_documents', docsGate.reasons.join(' '));
    else {
      let rationale = a.rationale;
      if (consumer && a.pressure_level === 3) rationale += ' Consumer debt: counsel review before this step.';
      if (stayLifted)
        rationale += ' Within the scope of the order lifting the bankruptcy stay only (11 U.S.C. § 362(d)).';
      priority.push(rationale === a.rationale ? a : { ...a, rationale });
    }
  }
  for (const w of input.wallets.filter((x) => x.category === 'invalid')) {
    blocked.push({
      type: 'wallet_actions',
      title: `Steps against ${w.input}`,
      packet_type: null,
      target: { kind: 'wallet', value: w.input },
      blocked_by: 'invalid_address',
      reason: w.note ?? 'Not a valid address.',
    });
    review.push(`${w.input} is not a valid address: ${w.note}`);
  }
  priority.sort((a, b) => RANK[a.priority] - RANK[b.priority]);

  for (const g of input.gates) if (g.status !== 'pass') review.push(`Gate ${g.gate}: ${g.status}.`);
  for (const w of sanctionedWallets)
    review.push(
      `${short(w.address)} is on the OFAC SDN list: it is blocked property; only restraint and preservation without a license.`,
    );
  if (k.sanctions_review_required)
    review.push('A sanctions review is required (constraints.sanctions_review_required).');
  if (consumer) review.push('Consumer debt: counsel reviews the plan.');
  if (consumer && input.profile === 'maximum_lawful')
    review.push('maximum_lawful on a consumer debt requires counsel review.');
  const datasets = [
    `${rules.known ? 'data/jurisdictions/enforcement-rules.json (2026 research)' : 'no jurisdiction rules'}`,
  ];
  if (input.wallets.length)
    datasets.push(input.wallets[0].datasets[0], `${LABELS_DATASET.name} (${LABELS_DATASET.as_of})`);
  if (venues.size) datasets.push(`${EXCHANGE_DOMICILES.name} (${EXCHANGE_DOMICILES.as_of})`);
  if (sanctionsPaused) {
    datasets.push(LICENSING_DATA);
    if (jp.review_required)
      review.push(
        `${jp.cite} is cited from data not yet verified against the eCFR text: counsel confirms the section.`,
      );
  }
  const reasons = [...new Set(review)];
  return {
    profile: input.profile,
    pressure_level: level,
    review_required: reasons.length > 0,
    review_reasons: reasons,
    priority_actions: priority,
    blocked_actions: blocked,
    wallets: input.wallets.map((w) => ({
      address: w.address,
      network: w.network,
      valid: w.valid,
      category: w.category,
      exchange: w.exchange,
      sanctions: [...new Map(w.ofac.map((o) => [o.sdn_id, { sdn_name: o.sdn_name, programs: o.programs }])).values()],
      note: w.note,
    })),
    datasets,
  };
}
