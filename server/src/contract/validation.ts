/**
 * How requests are checked against the contract before a handler runs. OpenAPI 3.1 schemas
 * are JSON Schema 2020-12, so the validators are Ajv 2020 with the formats the document uses.
 * Bodies are checked as sent (a string is not a number); query strings, path parameters and
 * headers arrive as text and are converted to the types the contract gives them.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
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

export function contractValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const bodies = validator({ coerceTypes: false });
  const texts = validator({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    // Fastify reads a failed check's `errors`, as Ajv leaves them.
    return (httpPart === 'body' ? bodies : texts).compile(schema as object);
  };
}
