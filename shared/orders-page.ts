/** Orders per page of the owner's orders list: the server answers at most this many, and X-Next-Cursor when more follow. */
export const ORDERS_PAGE_SIZE = 50;
/** Orders per page of the owner's "To make" queue: soonest promise first, X-Next-Cursor when more follow. */
export const TO_MAKE_PAGE_SIZE = 50;
