// Public surface of the Learning Center feature: the /learn page renders <LearnContent />
// under its own header. Everything else in this folder is internal to the feature.
export function LearnContent() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <section id="learning-modules" aria-labelledby="learning-modules-title">
        <h1 id="learning-modules-title" className="text-3xl font-bold">
          Learning Center
        </h1>
        <p className="mt-2 text-muted-foreground">
          Five modules: Quick Start, Trading Fundamentals, Technical Analysis Essentials, Risk Management
          Mastery and Smart Money Concepts.
        </p>
      </section>
    </main>
  );
}
