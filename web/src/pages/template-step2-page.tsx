// TEMPORARY-PAGE: replaced by the page itself before landing.
export default function Page() {
  return <div className="page" data-page="template-step2" />;
}
