import { parentPort } from 'node:worker_threads';
import {
  datasetsOf,
  screenNameSubject,
  screenSubjects,
  screenWallet,
  type ScreenData,
  type ScreenResult,
} from '../../domain/sanctions/screen';
import { screenData } from './screen-data';
import type { JudgmentScreen, ScreenReply, ScreenRequest, ScreenStart } from './screen-thread';

/**
 * The screening thread's entry (started once per process by screen-thread.ts): loads both
 * screening indexes, says whether that worked, then answers each request with the domain's own
 * functions (domain/sanctions/screen.ts), so a screen here is the screen the domain tests test.
 * A list that failed to load answers every request with that failure.
 */
const port = parentPort!;
let data: ScreenData | null = null;
let failure = '';
const t0 = performance.now();
try {
  data = screenData();
  const start: ScreenStart = {
    loaded: true,
    ms: Math.round(performance.now() - t0),
    entries: data.names.entries.length,
    as_of: data.names.dataset.as_of,
  };
  port.postMessage(start);
} catch (e) {
  failure = e instanceof Error ? e.message : String(e);
  port.postMessage({ loaded: false, message: failure } satisfies ScreenStart);
}

function answer(d: ScreenData, req: ScreenRequest): ScreenResult | JudgmentScreen {
  if (req.op === 'subjects') return screenSubjects(d, req.subjects, req.today);
  return {
    debtor: screenNameSubject(d, req.debtor, 'entity'),
    wallets: req.wallets.map((w) => screenWallet(d.addresses, w)),
    datasets: datasetsOf(d),
  };
}

port.on('message', (req: ScreenRequest) => {
  let reply: ScreenReply;
  try {
    reply = data ? { id: req.id, ok: true, result: answer(data, req) } : { id: req.id, ok: false, message: failure };
  } catch (e) {
    reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
