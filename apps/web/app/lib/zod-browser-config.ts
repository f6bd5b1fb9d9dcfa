// Imported first by entry.client.tsx. zod compiles object parsers with `new Function` when it can,
// and finds out by trying; the page's Content-Security-Policy forbids string evaluation (no
// 'unsafe-eval'), so every first parse would report a violation before zod fell back. In the
// browser the interpreted parsers are plenty fast for form-sized objects; the server keeps the
// compiled ones.
import { z } from "zod";

z.config({ jitless: true });
