/**
 * The formula of a calculated number field, read by a small recursive-descent parser (never
 * evaluated as code): numbers, the names of other fields, + - * / (and × ÷ −), parentheses, and
 * `sum(a, b, ...)`. Its text is at most 500 characters and nests at most 20 deep, so reading
 * it costs little whatever is sent. What is wrong with a text that does not read is a problem
 * of `ruleTexts`, said by the caller's `say` (English by default). Exported through
 * `@formsign/sdk/field-rules`.
 */
import { ruleProblem, sayRuleInEnglish, type RuleProblem, type SayRule } from './rule-texts.js';

export type Formula =
  | { kind: 'number'; value: number }
  | { kind: 'field'; name: string }
  | { kind: 'negate'; of: Formula }
  | { kind: 'operation'; operator: '+' | '-' | '*' | '/'; left: Formula; right: Formula }
  | { kind: 'sum'; items: Formula[] };

export const formulaMaxLength = 500;
const maxDepth = 20;

type Token = { kind: 'number'; value: number } | { kind: 'name'; name: string } | { kind: 'symbol'; symbol: string };

const symbols: Readonly<Record<string, string>> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '*': '*',
  '×': '*',
  '/': '/',
  '÷': '/',
  '(': '(',
  ')': ')',
  ',': ',',
};

class FormulaError extends Error {
  constructor(readonly problem: RuleProblem) {
    super(problem.text);
  }
}

function tokens(text: string): Token[] {
  const found: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? '';
    if (/\s/.test(char)) {
      at += 1;
    } else if (/[0-9.]/.test(char)) {
      let end = at;
      while (end < text.length && /[0-9.]/.test(text[end] ?? '')) end += 1;
      const digits = text.slice(at, end);
      if (!/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(digits)) throw new FormulaError(ruleProblem('formulaNotANumber', { text: digits }));
      found.push({ kind: 'number', value: Number(digits) });
      at = end;
    } else if (/[A-Za-z_]/.test(char)) {
      let end = at;
      while (end < text.length && /[A-Za-z0-9_]/.test(text[end] ?? '')) end += 1;
      found.push({ kind: 'name', name: text.slice(at, end) });
      at = end;
    } else if (symbols[char]) {
      found.push({ kind: 'symbol', symbol: symbols[char] });
      at += 1;
    } else {
      throw new FormulaError(ruleProblem('formulaCharacterNotTaken', { character: char }));
    }
  }
  return found;
}

class Parser {
  private at = 0;
  constructor(private readonly list: readonly Token[]) {}

  private peek(): Token | undefined {
    return this.list[this.at];
  }

  private isSymbol(symbol: string): boolean {
    const token = this.peek();
    return token?.kind === 'symbol' && token.symbol === symbol;
  }

  /** Past the ")" that closes what `opened` opened. */
  private close(opened: 'sum' | 'parenthesis'): void {
    if (!this.isSymbol(')')) throw new FormulaError(ruleProblem(opened === 'sum' ? 'formulaUnclosedSum' : 'formulaUnclosedParenthesis'));
    this.at += 1;
  }

  whole(): Formula {
    if (this.list.length === 0) throw new FormulaError(ruleProblem('formulaEmpty'));
    const formula = this.expression(0);
    const left = this.peek();
    if (left)
      throw new FormulaError(
        ruleProblem('formulaLeftOver', { text: left.kind === 'symbol' ? left.symbol : left.kind === 'name' ? left.name : String(left.value) }),
      );
    return formula;
  }

  private expression(depth: number): Formula {
    if (depth > maxDepth) throw new FormulaError(ruleProblem('formulaTooDeep', { depth: maxDepth }));
    let left = this.term(depth);
    while (this.isSymbol('+') || this.isSymbol('-')) {
      const operator = (this.peek() as { symbol: '+' | '-' }).symbol;
      this.at += 1;
      left = { kind: 'operation', operator, left, right: this.term(depth) };
    }
    return left;
  }

  private term(depth: number): Formula {
    let left = this.factor(depth);
    while (this.isSymbol('*') || this.isSymbol('/')) {
      const operator = (this.peek() as { symbol: '*' | '/' }).symbol;
      this.at += 1;
      left = { kind: 'operation', operator, left, right: this.factor(depth) };
    }
    return left;
  }

  private factor(depth: number): Formula {
    const token = this.peek();
    if (!token) throw new FormulaError(ruleProblem('formulaEndsTooSoon'));
    this.at += 1;
    if (token.kind === 'number') return token;
    if (token.kind === 'name') {
      if (token.name.toLowerCase() !== 'sum' || !this.isSymbol('(')) return { kind: 'field', name: token.name };
      this.at += 1;
      const items = [this.expression(depth + 1)];
      while (this.isSymbol(',')) {
        this.at += 1;
        items.push(this.expression(depth + 1));
      }
      this.close('sum');
      return { kind: 'sum', items };
    }
    if (token.symbol === '-') {
      if (depth > maxDepth) throw new FormulaError(ruleProblem('formulaTooDeep', { depth: maxDepth }));
      return { kind: 'negate', of: this.factor(depth + 1) };
    }
    if (token.symbol === '(') {
      const inner = this.expression(depth + 1);
      this.close('parenthesis');
      return inner;
    }
    throw new FormulaError(ruleProblem('formulaMisplacedSymbol', { symbol: token.symbol }));
  }
}

/** The formula read from its text, or what is wrong with it, as a problem to say. */
export function readFormula(text: string): { formula: Formula } | { problem: RuleProblem } {
  if (text.length > formulaMaxLength) return { problem: ruleProblem('formulaTooLong', { max: formulaMaxLength }) };
  try {
    return { formula: new Parser(tokens(text)).whole() };
  } catch (error) {
    if (error instanceof FormulaError) return { problem: error.problem };
    throw error;
  }
}

/** The formula read from its text, or what is wrong with it, said by `say` (in English by default). */
export function parseFormula(text: string, say: SayRule = sayRuleInEnglish): { formula: Formula } | { problem: string } {
  const read = readFormula(text);
  return 'problem' in read ? { problem: say(read.problem) } : read;
}

/** The names of the fields a formula reads. */
export function formulaNames(formula: Formula, into = new Set<string>()): Set<string> {
  switch (formula.kind) {
    case 'field':
      into.add(formula.name);
      break;
    case 'negate':
      formulaNames(formula.of, into);
      break;
    case 'operation':
      formulaNames(formula.left, into);
      formulaNames(formula.right, into);
      break;
    case 'sum':
      for (const item of formula.items) formulaNames(item, into);
      break;
    case 'number':
      break;
  }
  return into;
}

/** The formula's result for the numbers `valueOf` gives; null when a field it reads has none, or on a division by zero. */
export function evaluateFormula(formula: Formula, valueOf: (name: string) => number | null): number | null {
  switch (formula.kind) {
    case 'number':
      return formula.value;
    case 'field':
      return valueOf(formula.name);
    case 'negate': {
      const of = evaluateFormula(formula.of, valueOf);
      return of === null ? null : -of;
    }
    case 'sum': {
      let total = 0;
      for (const item of formula.items) {
        const value = evaluateFormula(item, valueOf);
        if (value === null) return null;
        total += value;
      }
      return total;
    }
    case 'operation': {
      const left = evaluateFormula(formula.left, valueOf);
      const right = evaluateFormula(formula.right, valueOf);
      if (left === null || right === null) return null;
      if (formula.operator === '/' && right === 0) return null;
      const result =
        formula.operator === '+' ? left + right : formula.operator === '-' ? left - right : formula.operator === '*' ? left * right : left / right;
      return Number.isFinite(result) ? result : null;
    }
  }
}
