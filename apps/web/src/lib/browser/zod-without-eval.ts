import { config } from "zod";

/**
 * zod on a page: no generated code. The pages' content security policy has no 'unsafe-eval', so
 * zod's probe for `new Function` (at the first object schema, while the contract's modules load) is
 * refused, and Chrome reports the refusal as a violation; measured with the policy, loading the patient
 * entry's modules took about a third more main-thread time than without it (bench/README.md). Imported
 * first by every entry, before any schema is built.
 */
config({ jitless: true });
