import { i18n, setupI18n } from '@lingui/core';
import {
  formulasProblem,
  ruleTexts,
  sayRuleInEnglish,
  validationProblem,
  type RuleField,
  type RuleProblem,
  type RuleText,
} from '@formsign/sdk/field-rules';
import { describe, expect, it } from 'vitest';
import { messages as german } from '../../locales/de/signing.po';
import { messages as french } from '../../locales/fr/signing.po';
import { sayRule } from './rule-words.ts';

/** A value for each placeholder of a text: numbers for the counts and bounds, and labels that look like ICU. */
function sample(text: RuleText): RuleProblem {
  const names = [...ruleTexts[text].matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const numbers = new Set(['min', 'max', 'count', 'depth']);
  return { text, values: Object.fromEntries(names.map((name) => [name, numbers.has(name) ? 1234.5 : `It's {${name}} #1 “${name}”`])) };
}

describe('the words of the field rules', () => {
  it('say every problem in English exactly as the SDK does', () => {
    expect(i18n.locale).toBe('en');
    const say = sayRule(i18n);
    for (const text of Object.keys(ruleTexts) as RuleText[]) expect(say(sample(text)), text).toBe(sayRuleInEnglish(sample(text)));
  });

  it('say a problem in the language shown, a problem within another too', () => {
    const inGerman = sayRule(setupI18n({ locale: 'de', messages: { de: german } }));
    const inFrench = sayRule(setupI18n({ locale: 'fr', messages: { fr: french } }));
    const fields: RuleField[] = [{ name: 'total', label: 'Summe', type: 'calculated', formula: 'sum(' }];
    expect(formulasProblem(fields, inGerman)?.message).toBe('Die Formel von „Summe“: Die Formel endet zu früh.');
    expect(validationProblem({ type: 'number', validation: { min: 1, max: 5 } }, 7, inGerman)).toBe('Geben Sie eine Zahl von 1 bis 5 ein.');
    expect(validationProblem({ type: 'text', validation: { max_length: 0 } }, 'a', inFrench)).toBe('Saisissez au plus 0 caractère.');
    expect(validationProblem({ type: 'text', validation: { max_length: 3, message: 'Trois au plus' } }, 'abcd', inFrench)).toBe('Trois au plus');
  });
});
