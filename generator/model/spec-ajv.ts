// The ajv instance wopgen validates spec files and checks spec schemas with.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;

export function newAjv(): Ajv2020 {
  // strict off: spec schemas carry annotations (x-*, $comment-like keys) ajv does not know.
  // code.source keeps the generated code for ajv's standalone output (see validatorOf).
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    code: { source: true },
  });
  addFormats(ajv);
  return ajv;
}

/** An ajv instance whose compiled validators can be written out as ESM standalone code. */
export function newStandaloneAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    code: { source: true, esm: true, lines: true },
  });
  addFormats(ajv);
  return ajv;
}
