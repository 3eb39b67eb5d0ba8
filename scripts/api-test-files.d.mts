export declare const API_TEST_DIR: string;
export declare const DATABASE_INDEPENDENT: RegExp;
export declare function databaseIndependentFiles(root?: string): string[];
