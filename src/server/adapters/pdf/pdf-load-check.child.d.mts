export declare const EXIT_UNREADABLE: 3;
export declare const EXIT_TOO_LARGE: 4;
export declare const EXIT_ACTIVE_CONTENT: 5;
export declare const EXIT_POLYGLOT: 6;
export declare const EXIT_MALFORMED: 7;
/** A PDF name's text decoded as the specification reads it (`#xx`, either case). */
export declare function decodePdfName(raw: string): string;
/** Makes pdf-lib's `PDFName.of` decode `#xx` escapes in either case. */
export declare function useSpecNameDecoding(PDFName: { of: (name: string) => unknown }): void;
