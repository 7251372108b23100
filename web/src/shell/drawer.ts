/**
 * The width below which the side menu is a drawer rather than a rail beside the page. The
 * stylesheet's `@media (max-width: 720px)` blocks say the same.
 */
export const drawerQuery = '(max-width: 720px)';
