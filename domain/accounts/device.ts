/**
 * A session's device in plain words, from the User-Agent it was opened with ("Chrome on Windows",
 * "Safari on iPhone"), for the list of active sessions (issue 20). Only the browser family and the
 * system: enough for a person to recognise their own devices, and no version numbers that read as
 * noise. The order of the checks matters: Edge, Opera and Samsung's browser also say "Chrome",
 * Chrome also says "Safari", and iPhones also say "Mac OS X".
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return "Unknown device";
  const browser = browserOf(userAgent);
  const system = systemOf(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bHeadlessChrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

function browserOf(userAgent: string): string | null {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

function systemOf(userAgent: string): string | null {
  return SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
