// OWNER: web-profile helper. Placeholder until the real modal content lands.
export { default } from "#app/features/modals/content/placeholder-content.tsx";
