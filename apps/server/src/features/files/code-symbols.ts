/** One QR symbol as a reader found it (the server's worker, or the visitor's browser): the contract's shape. */
export type { CodeSymbol } from "@pharmacy/contract/code-symbols";
