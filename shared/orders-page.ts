/** Orders per page of the owner's searched orders list: the server pages by it, the list offers "Next" on a full page. */
export const ORDERS_PAGE_SIZE = 50;
