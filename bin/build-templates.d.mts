// Declarations of bin/build-templates.mjs for the tests that use it.
import type { CompilerOptions } from 'typescript';

export declare const distDir: string;
export declare const COMPILER_OPTIONS: CompilerOptions;
/** Per module of templates/package: its .js and .d.ts (file name → text). */
export declare function compileTemplates(): Map<string, string>;
