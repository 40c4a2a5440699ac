import { MARKETING } from '@shared/constants';
import { UPLOAD_FORMATS_LABEL, VARIATIONS_PER_GENERATION } from '@shared/domain';
import {
  ArrowRight,
  Building2,
  CreditCard,
  FileUp,
  Home,
  Images,
  type LucideIcon,
  Map as MapIcon,
  MessageSquareText,
  Sparkles,
  Star,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: FileUp,
    title: 'Upload your drawings',
    text: `Add floor plans, elevations or sketches as ${UPLOAD_FORMATS_LABEL} files.`,
  },
  {
    icon: MessageSquareText,
    title: 'Describe your vision',
    text: 'Write a prompt about the style, materials, lighting and mood you have in mind.',
  },
  {
    icon: Images,
    title: `Get ${VARIATIONS_PER_GENERATION} visualizations`,
    text: 'Receive three AI-generated variations: isometric, photorealistic and artistic.',
  },
];

const USE_CASES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Home,
    title: 'Residential',
    text: 'Show clients how their future home looks, inside and out, before construction starts.',
  },
  {
    icon: Building2,
    title: 'Commercial',
    text: 'Present offices, retail and hospitality projects with convincing massing and materials.',
  },
  {
    icon: MapIcon,
    title: 'Urban Planning',
    text: 'Visualize districts, streetscapes and public spaces for stakeholders and reviews.',
  },
];

function Claims() {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start">
      <li className="flex items-center gap-1.5">
        <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
        Rated {MARKETING.rating} by {MARKETING.architects} architects
      </li>
      <li className="flex items-center gap-1.5">
        <CreditCard aria-hidden="true" className="size-4 text-slate-500" />
        No credit card required
      </li>
      <li className="flex items-center gap-1.5">
        <Sparkles aria-hidden="true" className="size-4 text-indigo-600" />
        Start for free
      </li>
    </ul>
  );
}

/** An illustration of a plan turning into a 3D block, drawn inline so the page needs no image files. */
function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 420 300"
      role="img"
      aria-label="A 2D floor plan turning into a 3D building"
      className="w-full"
    >
      <rect x="0" y="0" width="420" height="300" rx="16" className="fill-slate-50" />
      <g className="stroke-slate-400" fill="none" strokeWidth="2">
        <rect x="30" y="60" width="140" height="180" />
        <line x1="30" y1="150" x2="110" y2="150" />
        <line x1="110" y1="60" x2="110" y2="190" />
        <line x1="130" y1="150" x2="170" y2="150" />
        <path d="M110 190a30 30 0 0 1 30-30" strokeDasharray="4 4" />
      </g>
      <g className="stroke-indigo-500" fill="none" strokeWidth="2">
        <path d="M190 150h40m-10-10 10 10-10 10" />
      </g>
      <g strokeWidth="2" strokeLinejoin="round">
        <path d="M250 120l70-35 70 35-70 35z" className="fill-indigo-100 stroke-indigo-600" />
        <path d="M250 120v90l70 35v-90z" className="fill-indigo-200 stroke-indigo-600" />
        <path d="M390 120v90l-70 35v-90z" className="fill-indigo-400 stroke-indigo-600" />
        <path d="M270 160l30 15v25l-30-15z" className="fill-white/80 stroke-indigo-600" />
        <path d="M345 175l25-12v25l-25 12z" className="fill-white/60 stroke-indigo-700" />
      </g>
    </svg>
  );
}

export function LandingPage() {
  return (
    <div>
      <section className="border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div className="flex flex-col items-center gap-6 text-center lg:items-start lg:text-left">
            <Badge variant="accent">
              <Sparkles aria-hidden="true" className="size-3.5" />
              AI-powered 3D rendering
            </Badge>
            <h1 className="text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
              Turn 2D drawings into 3D visualizations
            </h1>
            <p className="max-w-xl text-lg text-slate-600">
              Planform helps architects and construction engineers turn plans, sections and sketches into
              AI-generated 3D renders, organised as projects you can review and share.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link to="/upload" className={buttonVariants({ size: 'lg' })}>
                Start Creating
                <ArrowRight aria-hidden="true" />
              </Link>
              <a href="#how-it-works" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                See how it works
              </a>
            </div>
            <Claims />
          </div>
          <div className="mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <HeroIllustration />
          </div>
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-heading"
        className="mx-auto max-w-6xl px-4 py-16 sm:px-6"
      >
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-heading" className="text-3xl font-semibold tracking-tight text-slate-900">
            How it works
          </h2>
          <p className="mt-3 text-slate-600">From drawing to visualization in three steps.</p>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <Card className="h-full p-6">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                    <step.icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="text-sm font-medium text-slate-500">Step {index + 1}</span>
                </div>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="use-cases-heading" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="use-cases-heading" className="text-3xl font-semibold tracking-tight text-slate-900">
              Built for every kind of project
            </h2>
            <p className="mt-3 text-slate-600">Made for architects and construction engineers.</p>
          </div>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {USE_CASES.map((useCase) => (
              <Card key={useCase.title} className="p-6">
                <useCase.icon aria-hidden="true" className="size-6 text-indigo-600" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{useCase.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{useCase.text}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="flex flex-col items-center gap-5 rounded-2xl bg-slate-900 px-6 py-12 text-center">
          <h2 id="cta-heading" className="text-3xl font-semibold tracking-tight text-white">
            Ready to visualize your next design?
          </h2>
          <p className="max-w-xl text-slate-300">
            Join {MARKETING.architects} architects. Start for free, no credit card required.
          </p>
          <Link
            to="/upload"
            className={buttonVariants({
              size: 'lg',
              className: 'bg-white text-slate-900 hover:bg-slate-100 focus-visible:ring-offset-slate-900',
            })}
          >
            Upload Your Drawings
            <ArrowRight aria-hidden="true" />
          </Link>
          <p className="text-sm text-slate-300">Supported formats: {UPLOAD_FORMATS_LABEL}</p>
        </div>
      </section>
    </div>
  );
}
