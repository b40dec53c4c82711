import {
  screenedSubjects,
  screenResultOf,
  screenSubject,
  subjectList,
  type ScreenData,
  type ScreenMatch,
  type ScreenResult,
  type Subjects,
} from '../../domain/sanctions/screen';

/**
 * Screening of a request's subjects without holding the event loop: a screen may carry 1,000
 * entities and 1,000 counterparties of up to 500 characters each, and while one name takes at
 * most milliseconds (domain/sanctions/token-index.ts), thousands of them would still stall
 * every other request. So the work runs in slices of at most SLICE_MS, letting the loop turn
 * (I/O, timers, other requests) between them. Same result as screenSubjects.
 */
export const SLICE_MS = 5;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function screenInTurns(data: ScreenData, s: Subjects, today: string): Promise<ScreenResult> {
  const subjects = screenedSubjects(s);
  const matches: ScreenMatch[] = [];
  let since = performance.now();
  for (const [type, subject] of subjectList(subjects)) {
    matches.push(...screenSubject(data, type, subject));
    if (performance.now() - since >= SLICE_MS) {
      await nextTurn();
      since = performance.now();
    }
  }
  return screenResultOf(data, subjects, matches, today);
}
