export declare const EXIT_UNREADABLE: 3;
export declare const EXIT_TOO_LARGE: 4;
export declare const EXIT_ACTIVE_CONTENT: 5;
export declare const EXIT_POLYGLOT: 6;
