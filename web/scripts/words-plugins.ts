import type { PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';

/**
 * React, with Lingui's macros (`t`, `msg`, `<Trans>`, `plural`) turned into calls of the
 * catalogue, and the `.po` catalogues compiled when imported. The build fails on a
 * translation that does not compile (a broken placeholder or plural); `messages.test.ts`
 * fails on one that is missing.
 *
 * English is the language the code is written in, so it needs no catalogue: each message
 * keeps its English text beside its id, compiled here as the catalogues are (`englishInline`),
 * and a page in English loads no words at all. Another language's catalogue gives the same id
 * its own text (see src/i18n/i18n.ts).
 */
export function wordsPlugins(): PluginOption[] {
  const configPath = fileURLToPath(new URL('../../lingui.config.ts', import.meta.url));
  const linguiConfig = getConfig({ configPath });
  return [
    react({
      babel: {
        plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false, linguiConfig }], englishInline],
      },
    }),
    ...lingui({ configPath, failOnCompileError: true }),
  ];
}

/**
 * After the macros: every message descriptor the macros wrote (`/*i18n*\/ { id, message }`, in
 * a call of `i18n._`, a `msg`, or the props of `<Trans>`) has its English `message` compiled into the
 * form a compiled catalogue holds (a text, or a list of texts and placeholders), so Lingui
 * reads it as it reads a catalogue's and no message compiler ships to the browser.
 */
export function englishInline({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const compiled = (message: string): BabelTypes.Expression => {
    const tokens = compileMessage(message);
    // A text without placeholders is the text itself, as a compiled catalogue keeps it.
    const plain = tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens.length === 0 ? '' : null;
    return t.valueToNode(plain ?? tokens) as BabelTypes.Expression;
  };
  // The macros mark each descriptor they write with a leading /*i18n*/ comment.
  const isDescriptor = (node: BabelTypes.ObjectExpression): boolean =>
    node.leadingComments?.some((comment) => comment.value.trim() === 'i18n') ?? false;
  return {
    name: 'formsign-english-inline',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              if (!isDescriptor(path.node)) return;
              for (const property of path.node.properties) {
                if (t.isObjectProperty(property) && t.isIdentifier(property.key, { name: 'message' }) && t.isStringLiteral(property.value)) {
                  property.value = compiled(property.value.value);
                }
              }
            },
          });
        },
      },
    },
  };
}
