// yaml as the CLI loads it: one file in dist/ instead of its 70-odd modules (see VENDOR in bin/compile.js).
export { isAlias, isMap, isPair, isScalar, isSeq, Lexer, LineCounter, parseDocument, Scalar, stringify, visit, YAMLParseError } from 'yaml';
export type { Document, Node, Pair, YAMLMap } from 'yaml';
