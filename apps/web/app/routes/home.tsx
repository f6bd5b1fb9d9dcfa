export default function Home() {
  return <main><h1 className="text-3xl font-bold">Playfair</h1></main>;
}
