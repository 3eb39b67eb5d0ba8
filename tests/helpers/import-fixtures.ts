import type { ImportMapping } from '../../src/shared/import/import.schema';

/*
 * A spreadsheet in a trainee's own layout (issue 14's "generic layout"), its header and the
 * mapping that reads it: the API tests, the e2e test and the import bench use the same one.
 */

export const GENERIC_HEADER =
  'Day,From,To,Type,Supervisor,Supervised?,Ind/Group,Restricted?,Setting,Method,Observed,Contact,Tasks,Notes';

export const GENERIC_MAPPING: ImportMapping = {
  date: 'Day',
  start: 'From',
  end: 'To',
  type: 'Type',
  supervisor: 'Supervisor',
  supervision: 'Supervised?',
  individual_or_group: 'Ind/Group',
  restriction: 'Restricted?',
  setting: 'Setting',
  method: 'Method',
  client_observation: 'Observed',
  supervision_contact: 'Contact',
  tasks: 'Tasks',
  notes: 'Notes',
};
