// A contract the host will not serve, with every reason at once (the host refuses to start, and
// `wopgen serve` exits 1 printing the list), never a silent -32601 at request time.
export class ContractRefused extends Error {
  override readonly name = 'ContractRefused';

  constructor(
    /** What the contract is (its spec and digest), for the first line. */
    readonly contractName: string,
    /** One line per problem, each naming the member, method or operation and its source. */
    readonly problems: readonly string[],
  ) {
    super(
      [
        `the contract ${contractName} cannot be served by this host:`,
        ...problems.map((p) => `  - ${p}`),
      ].join('\n'),
    );
  }
}
