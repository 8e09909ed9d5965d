/**
 * The page table (web/routes/route-table.tsx) as the server reads it: rendered by
 * render.tsx, and read for what each page declares (its route policy, whether the
 * sitemap lists it). src/ reaches into web/ only through src/ssr/.
 */
export { routes as pageRoutes } from "../../web/routes/route-table";
