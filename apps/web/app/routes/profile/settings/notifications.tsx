// Placeholder until the web shell issue fills this page in.
export default function Page() {
  return null;
}
