// Apart from transaction-page.tsx so the list can find the open form without loading the editor with the list.
/** The slide-over's id on the modal stack; the list asks its `canClose` before opening another row. */
export const TRANSACTION_FORM_MODAL_ID = 'transaction-form';
