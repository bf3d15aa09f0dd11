import { BUDGETS } from '../budgets.js';
import { readPath, type Scope } from './scope.js';

/**
 * `when:` conditions: paths (`item.art`), literals ('text', "text", 12, true, false, null),
 * comparisons (== != < <= > >=), membership (`'north' in item.exits`), `not`/`!`, `and`/`&&`,
 * `or`/`||` and parentheses. A path that leads nowhere is undefined, which is false.
 */
export type Condition =
  | { kind: 'path'; path: string }
  | { kind: 'literal'; value: unknown }
  | { kind: 'not'; operand: Condition }
  | { kind: 'binary'; op: string; left: Condition; right: Condition }
  /** `a and b and c`, `a or b or c`: a list, however long, not a nesting one deep a term. */
  | { kind: 'all' | 'any'; operands: Condition[] };

const TOKEN = /\s*(?:(\|\||&&|==|!=|<=|>=|[()<>!])|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_.-]*))/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let index = 0;
  while (index < source.length) {
    if (/^\s*$/.test(source.slice(index))) break;
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(source);
    if (!match) throw new Error(`cannot read "${source.slice(index).trim()}"`);
    tokens.push((match[1] ?? match[2] ?? match[3] ?? match[4])!);
    index = TOKEN.lastIndex;
  }
  return tokens;
}

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);

/** Conditions parsed so far, by their text: a template's condition is read again for every face. */
const parsed = new Map<string, Condition>();
const MAX_PARSED = 1000;

/** Parses a condition; throws an Error whose message says what is wrong. */
export function parseCondition(source: string): Condition {
  let condition = parsed.get(source);
  if (!condition) {
    condition = parse(source);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(source, condition);
  }
  return condition;
}

function parse(source: string): Condition {
  const tokens = tokenize(source);
  let at = 0;
  let depth = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];
  // Each "(" and "not" nests a level: past the budget, a condition too deep to read (and to evaluate).
  const deeper = () => {
    if (++depth > BUDGETS.conditionDepth) throw new Error(`this condition nests "(", "not" or "!" more than ${BUDGETS.conditionDepth} deep; write it flatter`);
  };
  const operand = (): Condition => {
    const token = next();
    if (token === undefined) throw new Error('the condition ends too early');
    if (token === '(') {
      deeper();
      const inner = or();
      if (next() !== ')') throw new Error('a "(" is not closed');
      depth--;
      return inner;
    }
    if (token === '!' || token === 'not') {
      deeper();
      const inner: Condition = { kind: 'not', operand: operand() };
      depth--;
      return inner;
    }
    if (/^['"]/.test(token)) return { kind: 'literal', value: token.slice(1, -1).replace(/\\(.)/g, '$1') };
    if (/^-?\d/.test(token)) return { kind: 'literal', value: Number(token) };
    if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
    if (token === 'null') return { kind: 'literal', value: null };
    if (/^[A-Za-z_]/.test(token) && !['and', 'or', 'in'].includes(token)) return { kind: 'path', path: token };
    throw new Error(`unexpected "${token}"`);
  };
  const comparison = (): Condition => {
    const left = operand();
    const op = peek();
    if (op !== undefined && COMPARISONS.has(op)) {
      next();
      return { kind: 'binary', op, left, right: operand() };
    }
    return left;
  };
  const and = (): Condition => {
    const operands = [comparison()];
    while (peek() === 'and' || peek() === '&&') {
      next();
      operands.push(comparison());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'all', operands };
  };
  const or = (): Condition => {
    const operands = [and()];
    while (peek() === 'or' || peek() === '||') {
      next();
      operands.push(and());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'any', operands };
  };
  const result = or();
  if (at < tokens.length) throw new Error(`unexpected "${tokens[at]}"`);
  return result;
}

/** The paths a condition reads. */
export function conditionPaths(condition: Condition): string[] {
  switch (condition.kind) {
    case 'path':
      return [condition.path];
    case 'literal':
      return [];
    case 'not':
      return conditionPaths(condition.operand);
    case 'binary':
      return [...conditionPaths(condition.left), ...conditionPaths(condition.right)];
    case 'all':
    case 'any':
      return condition.operands.flatMap(conditionPaths);
  }
}

export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== '';
}

function value(condition: Condition, scope: Scope): unknown {
  switch (condition.kind) {
    case 'path':
      return readPath(scope, condition.path);
    case 'literal':
      return condition.value;
    case 'not':
      return !truthy(value(condition.operand, scope));
    case 'all':
      return condition.operands.every((operand) => truthy(value(operand, scope)));
    case 'any':
      return condition.operands.some((operand) => truthy(value(operand, scope)));
    case 'binary': {
      const a = value(condition.left, scope);
      const b = value(condition.right, scope);
      switch (condition.op) {
        case '==':
          return a === b;
        case '!=':
          return a !== b;
        case 'in':
          return Array.isArray(b) ? b.includes(a) : typeof b === 'string' && typeof a === 'string' ? b.includes(a) : false;
        default: {
          if (typeof a !== 'number' || typeof b !== 'number') return false;
          return condition.op === '<' ? a < b : condition.op === '<=' ? a <= b : condition.op === '>' ? a > b : a >= b;
        }
      }
    }
  }
}

/** Whether the condition holds in `scope`. */
export function evaluateCondition(condition: Condition, scope: Scope): boolean {
  return truthy(value(condition, scope));
}
