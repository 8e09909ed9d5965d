/** The element web/routes/admin.tsx renders and web/admin/main.tsx takes over. */
export const ADMIN_MOUNT_ID = "admin-app";
