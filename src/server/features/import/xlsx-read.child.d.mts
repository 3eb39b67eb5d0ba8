export declare const EXIT_UNREADABLE: 3;
export declare const EXIT_TOO_LARGE: 4;
export declare const EXIT_TOO_MANY_ROWS: 5;
export declare const EXIT_NO_SHEET: 6;
export declare function countUnpackedBytes(bytes: Buffer, maxBytes: number): Promise<number>;
