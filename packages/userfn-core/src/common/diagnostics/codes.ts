/**
 * The one list of diagnostic codes. Codes are stable: tests, the LSP and users
 * match on them, never on message text. Ranges: 1xxx syntax, 2xxx type (checker,
 * including warnings), 3xxx runtime, 4xxx limit.
 */
export const Codes = {
  // syntax (parser)
  UnexpectedToken: 'UF1001',
  UnexpectedEnd: 'UF1002',
  DoubleQuotedString: 'UF1003',
  AssignmentOperator: 'UF1004',
  ChainedComparison: 'UF1005',
  UnterminatedString: 'UF1006',
  UnterminatedComment: 'UF1007',
  InvalidCharacter: 'UF1008',
  NumberOverflow: 'UF1009',
  TrailingComma: 'UF1010',
  MemberAccess: 'UF1011',
  EmptySource: 'UF1012',
  UnaryPlus: 'UF1013',
  InvalidNumber: 'UF1014',
  BareIdentifier: 'UF1015',

  // type (checker)
  UnknownFunction: 'UF2001',
  WrongArity: 'UF2002',
  TypeMismatch: 'UF2003',
  InvalidPath: 'UF2004',
  InvalidRegex: 'UF2005',
  WrongResultType: 'UF2006',
  NotInProfile: 'UF2007',
  InvalidArgument: 'UF2008',
  // type warnings
  BooleanArithmetic: 'UF2101',
  NeverEqual: 'UF2102',
  UndeclaredPath: 'UF2103',
  DefaultIgnored: 'UF2104',
  StrictEquality: 'UF2105',
  ReadThroughString: 'UF2106',

  // runtime
  RuntimeTypeMismatch: 'UF3001',
  DivisionByZero: 'UF3002',
  NonFinite: 'UF3003',
  InvalidJson: 'UF3004',
  InvalidDatetime: 'UF3005',
  InvalidNumberString: 'UF3006',
  RuntimeInvalidPath: 'UF3007',
  RuntimeInvalidRegex: 'UF3008',
  OrderUnknown: 'UF3009',
  CallCountUnknown: 'UF3010',
  DomainError: 'UF3011',
  RuntimeWrongResultType: 'UF3012',
  HostFunctionFailed: 'UF3013',
  RuntimeInvalidArgument: 'UF3014',
  Internal: 'UF3099',

  // limits
  SourceTooLong: 'UF4001',
  NestingTooDeep: 'UF4002',
  TooManyNodes: 'UF4003',
  StringTooLong: 'UF4004',
  ListTooLong: 'UF4005',
  ContextTooDeep: 'UF4006',
  WorkLimit: 'UF4007',
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];
export type ErrorKind = 'syntax' | 'type' | 'runtime' | 'limit';

/** The kind a code belongs to, from its numbered range. */
export function kindOfCode(code: Code): ErrorKind {
  switch (code[2]) {
    case '1':
      return 'syntax';
    case '2':
      return 'type';
    case '3':
      return 'runtime';
    default:
      return 'limit';
  }
}
