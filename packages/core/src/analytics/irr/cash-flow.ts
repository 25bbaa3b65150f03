/** One dated cash flow for IRR: negative is money put in, positive is money taken out (or the end value). */
export type CashFlow = { readonly date: string; readonly amount: number };
