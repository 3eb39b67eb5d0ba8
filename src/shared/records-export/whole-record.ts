/** GET: the signed-in person's whole record as one zip (issue 12, decision 019). */
export const WHOLE_RECORD_PATH = '/api/v1/whole-record/';

export const wholeRecordFileName = (now: Date) =>
  `fieldwork-record-${now.toISOString().slice(0, 10)}.zip`;
