export declare function environmentRows(schema: unknown): { name: string; fallback: string; description: string | undefined }[];
export declare function generatedTables(): Promise<{ file: string; name: string; text: string }[]>;
export declare function generatedFiles(): Promise<{ file: string; actual: string; expected: string }[]>;
