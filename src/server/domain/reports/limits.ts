/**
 * The most rows a report section lists of any one kind (alerts, open actions, completion notes,
 * packets, claimants). The section still counts all of them, in SQL, and its note says when it
 * lists fewer: a report is a snapshot a reader takes in, and a matter may hold a million
 * actions, so neither its cost nor its size may grow with the matter.
 */
export const REPORT_LIST_LIMIT = 50;
