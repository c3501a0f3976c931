/** The power companies and their prices (route /systems/power-company, price:list): the plant's tariff comes from there. */
export const TARIFFS_PAGE = '/systems/power-company';
