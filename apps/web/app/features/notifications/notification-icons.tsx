// Line icons of the notification features, drawn like components/icons.tsx (24px grid, the text
// colour, hidden from assistive technology).
import { LineIcon as Icon, type LineIconProps as IconProps } from "#app/components/line-icon.tsx";

export function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Icon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 7h15M10 11v5.5M14 11v5.5M9 7V4.5h6V7M6.5 7l.8 12.2a1.5 1.5 0 0 0 1.5 1.3h6.4a1.5 1.5 0 0 0 1.5-1.3L17.5 7" />
    </Icon>
  );
}

export function DoubleCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m2.5 12.5 4 4 8-9M11.5 15.5l1 1 8-9" />
    </Icon>
  );
}

export function MegaphoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 10v4a1 1 0 0 0 1 1h2l9 4.5v-15L7 9H5a1 1 0 0 0-1 1Z" />
      <path d="M7 15l1.2 4.5M19.5 9.5a3 3 0 0 1 0 5" />
    </Icon>
  );
}

export function EnvelopeOpenIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 10v8.5a1.5 1.5 0 0 0 1.5 1.5h14a1.5 1.5 0 0 0 1.5-1.5V10L12 4 3.5 10Z" />
      <path d="m3.5 10 8.5 6 8.5-6" />
    </Icon>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 3 10 14M21 3l-6.5 18-4.5-7-7-4.5L21 3Z" />
    </Icon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m8.5 12.2 2.4 2.3 4.6-5" />
    </Icon>
  );
}
