export declare const EXIT_UNREADABLE: 3;
export declare const EXIT_TOO_LARGE: 4;
export declare const EXIT_TOO_MANY_ROWS: 5;
export declare const EXIT_NO_SHEET: 6;
export declare const EXIT_TOO_MANY_COLUMNS: 7;
export declare const EXIT_NOT_TEXT: 8;
export declare function countUnpackedBytes(bytes: Buffer, maxBytes: number): Promise<number>;
export declare function decodeText(bytes: Uint8Array): string;
export declare function hasRecordWiderThan(
  text: string,
  delimiter: string,
  maxFields: number,
): boolean;
