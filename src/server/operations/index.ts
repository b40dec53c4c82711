import * as health from './health';
import * as organizations from './organizations';
import * as matters from './matters';
import * as audit from './audit';
import * as judgments from './judgments';
import * as ledger from './ledger';
import * as webhooks from './webhooks';
import * as actions from './actions';
import * as relationships from './relationships';
import * as sanctions from './sanctions';
import * as packets from './packets';
import * as crypto from './crypto';
import * as attribution from './attribution';
import * as reports from './reports';
import * as monitoring from './monitoring';
import * as issuer from './issuer';
import type { Operation } from './define';

/** Every served operation, by name. Routes, OpenAPI and the operations test read this. */
export const ops = {
  ...health,
  ...organizations,
  ...matters,
  ...audit,
  ...judgments,
  ...ledger,
  ...webhooks,
  ...actions,
  ...relationships,
  ...sanctions,
  ...packets,
  ...crypto,
  ...attribution,
  ...reports,
  ...monitoring,
  ...issuer,
};
export const allOperations: Operation[] = Object.values(ops);
