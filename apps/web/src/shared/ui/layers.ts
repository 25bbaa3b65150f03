/** Stacked modals and slide-overs start here and rise by one per opening (seed §9). */
export const MODAL_BASE_Z_INDEX = 100;

/** The notification layer sits 10000 above the modal base, so toasts stay above any stack depth. */
export const NOTIFICATION_Z_INDEX = MODAL_BASE_Z_INDEX + 10000;
