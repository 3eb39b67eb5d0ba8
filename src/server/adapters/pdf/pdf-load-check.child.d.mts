export declare const EXIT_UNREADABLE: 3;
export declare const EXIT_TOO_LARGE: 4;
