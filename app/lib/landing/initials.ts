/**
 * Up to two upper-case initials of a person's name, for the testimonial avatars: the first
 * letter of the first two words ("Lucía Fernández" → "LF", "Cher" → "C", "" → "").
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase())
    .join("");
}
