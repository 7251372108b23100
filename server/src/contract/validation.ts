/**
 * How requests are checked against the contract before a handler runs. OpenAPI 3.1 schemas
 * are JSON Schema 2020-12, so the validators are Ajv 2020 with the formats the document uses.
 * Bodies are checked as sent (a string is not a number); query strings, path parameters and
 * headers arrive as text and are converted to the types the contract gives them.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS: its module object is the plugin itself.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

function validator(options: Options): Ajv2020 {
  // The document's own keywords (`x-spec`, `x-codes`, ...) and `example` are annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true, useDefaults: true, ...options });
  addFormats(ajv);
  return ajv;
}

/**
 * The checks of the contract's schemas, made once per process: compiling them is most of what
 * building the app costs, and every app of the process (the tests build one per file) checks
 * the same schemas. Keyed by the schema itself, as text, and by how it is checked.
 */
const checks = new Map<string, ValidateFunction>();
let validators: { body: Ajv2020; text: Ajv2020 } | undefined;

export function contractValidatorCompiler(): FastifySchemaCompiler<unknown> {
  validators ??= { body: validator({ coerceTypes: false }), text: validator({ coerceTypes: 'array' }) };
  const { body, text } = validators;
  return ({ schema, httpPart }) => {
    const kind = httpPart === 'body' ? 'body' : 'text';
    const key = `${kind} ${JSON.stringify(schema)}`;
    let check = checks.get(key);
    if (!check) {
      // Fastify reads a failed check's `errors`, as Ajv leaves them.
      check = (kind === 'body' ? body : text).compile(schema as object);
      checks.set(key, check);
    }
    return check;
  };
}
