/** Renders the modal named by the address's query parameters (filled in by the modal system). */
export function ModalHost() {
  return null;
}
