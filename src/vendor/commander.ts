// commander as the CLI loads it: one file in dist/ (see VENDOR in bin/compile.js).
export { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
