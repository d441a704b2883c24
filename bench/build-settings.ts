/**
 * What the measured build was configured with, for the results' header. Parts of the site
 * appear only where a deployment sets them (the chat bubble, the video sections, the
 * testimonials): a build without them is lighter and does less on every tap than the site
 * its visitors get, so the results say which were left out.
 */
export interface BuildSettings {
  /** Vendors the build was configured for (their scripts are blocked in every bench run). */
  vendors: string[];
  /** postbuild's sentences for each setting left unset: "NAME is not set: what goes missing". */
  unset: string[];
}

/** The setting named by one of postbuild's "NAME is not set: …" sentences. */
function settingName(sentence: string): string {
  return sentence.split(" ", 1)[0] ?? sentence;
}

export function buildSettingsNote({ vendors, unset }: BuildSettings): string {
  const configured =
    vendors.length > 0
      ? `configured for ${vendors.join(", ")}, whose scripts every run blocks`
      : "configured for no vendor";
  if (unset.length === 0) {
    return `Build settings (build/site-config.json): every optional setting set, ${configured}, so every part of the site a deployment can switch on is in the pages measured.`;
  }
  return `Build settings (build/site-config.json): ${configured}; unset, so what each switches on is not in the pages measured: ${unset.map(settingName).join(", ")}. A deployment that sets them serves more (the chat bubble, for one, checks what it covers after every tap); \`SITE_CONFIG_FILE=.env.test npm run build\` sets every one with placeholder ids.`;
}
