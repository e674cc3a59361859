export const BUILD_INPUTS: string[];
export function sourceHash(root: string): string;
export function isBuildCurrent(root: string, hash: string): boolean;
export function writeStamp(root: string, hash: string): void;
