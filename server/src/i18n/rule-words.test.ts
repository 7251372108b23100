import { formulasProblem, ruleTexts, sayRuleInEnglish, validationProblem, type RuleProblem, type RuleText } from '@formsign/sdk/field-rules';
import { describe, expect, it } from 'vitest';
import { sayRuleIn } from './rule-words.js';

/** A value for each placeholder of a text: numbers for the counts and bounds, and labels that look like ICU. */
function sample(text: RuleText): RuleProblem {
  const names = [...ruleTexts[text].matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const numbers = new Set(['min', 'max', 'count', 'depth']);
  return { text, values: Object.fromEntries(names.map((name) => [name, numbers.has(name) ? 1234.5 : `It's {${name}} #1 “${name}”`])) };
}

describe('the words of the field rules', () => {
  it('say every problem in English exactly as the SDK does', () => {
    const say = sayRuleIn('en');
    for (const text of Object.keys(ruleTexts) as RuleText[]) expect(say(sample(text)), text).toBe(sayRuleInEnglish(sample(text)));
  });

  it('say a problem in another language, a problem within another too', () => {
    const fields = [{ name: 'total', label: 'Summe', type: 'calculated' as const, formula: 'sum(' }];
    expect(formulasProblem(fields, sayRuleIn('de'))?.message).toBe('Die Formel von „Summe“: Die Formel endet zu früh.');
    expect(validationProblem({ type: 'number', validation: { min: 1, max: 5 } }, 7, sayRuleIn('es'))).toBe('Introduzca un número entre 1 y 5.');
  });
});
