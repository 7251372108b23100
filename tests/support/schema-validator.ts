/** Validates values against the contract's schemas (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import type { FormatsPlugin } from 'ajv-formats';
import type { OpenApiDocument } from '@formsign/openapi';

const base = 'https://formsign.example/openapi.json';
// ajv-formats is CommonJS: its module object is the plugin itself.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

export function schemaValidator(document: OpenApiDocument): (schema: unknown, value: unknown) => string[] {
  const absolute = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/components/', `"${base}#/components/`)) as T;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: base, components: { schemas: absolute(document.components.schemas) } });
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(absolute(schema as object));
      cache.set(key, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  };
}
