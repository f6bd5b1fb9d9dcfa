// A QR code drawn as one SVG path (crisp at any size, themable, no canvas); the symbol itself
// comes from the `qrcode` library's encoder.
import { create } from "qrcode";
import { useMemo } from "react";

/** The dark modules as an SVG path, one 1x1 square per module, offset by the quiet zone. */
function qrPath(text: string, quietZone = 2): { path: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const commands: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) commands.push(`M${column + quietZone} ${row + quietZone}h1v1h-1z`);
    }
  }
  return { path: commands.join(""), size: modules.size + quietZone * 2 };
}

/** The payment URI as a QR code; `label` names it for assistive technology. */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { path, size } = useMemo(() => qrPath(value), [value]);
  return (
    // Always dark on white: scanners read inverted codes badly, whatever the page's theme.
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} className={className} shapeRendering="crispEdges" data-qr-code="">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#0b1020" />
    </svg>
  );
}
