// The homepage's sections in order (spec section 2), for the dot navigation and section tracking.
export type HomeSection = { id: string; label: string };

export const HOME_SECTIONS: readonly HomeSection[] = [
  { id: 'hero', label: 'Introduction' },
  { id: 'value-proposition', label: 'What Bytebound does' },
  { id: 'market', label: 'The challenge' },
  { id: 'advantage', label: 'Our advantage' },
  { id: 'industry-solutions', label: 'Industries' },
  { id: 'ai-demo', label: 'Decisions in action' },
  { id: 'demo', label: 'Free demo compiler' },
  { id: 'podcast', label: 'Podcast' },
  { id: 'metrics', label: 'Live metrics' },
  { id: 'investors', label: 'Investors' },
  { id: 'timeline-section', label: 'Timeline' },
  { id: 'pipeline', label: 'Compile pipeline' },
  { id: 'founder', label: 'Why we build it' },
  { id: 'codebase-anatomy', label: 'Codebase anatomy' },
  { id: 'pretool-hook', label: 'Pre-tool hook' },
  { id: 'enterprise-demo', label: 'Enterprise demo' },
  { id: 'investor-quest', label: 'Ask the receptionist' },
  { id: 'testimonials', label: 'Commentary' },
  { id: 'contact', label: 'Contact' },
];
