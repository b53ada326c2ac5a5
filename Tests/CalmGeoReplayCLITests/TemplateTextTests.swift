import Testing

@testable import CalmGeoReport

/// Text a page builds outside its template (the charts' dots) is escaped as Mustache's
/// `{{name}}` escapes it, so the page is the one the template gave.
struct TemplateTextTests {
  @Test func escapesTheFiveCharactersMustacheEscapes() {
    #expect(TemplateText.escaped("dot fails") == "dot fails")
    #expect(TemplateText.escaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
    #expect(TemplateText.escaped("Bergen–Os <x>") == "Bergen–Os &lt;x&gt;")
  }

  @Test func dotsAreTheCirclesTheTemplateWrote() {
    let dots = [
      PlotDot(x: 12.5, y: 40, configuration: 3, cls: "dot"),
      PlotDot(x: 0, y: 7.25, configuration: 11, cls: "dot fails"),
    ]
    // By hand: the template's `<circle class="{{cls}}" cx="{{x}}" cy="{{y}}" r="5" data-c="{{c}}"/>` per dot,
    // positions with `NumberText.fixed`'s one decimal.
    #expect(
      PlotDot.circles(dots, radius: "5")
        == "<circle class=\"dot\" cx=\"12.5\" cy=\"40\" r=\"5\" data-c=\"3\"/>"
        + "<circle class=\"dot fails\" cx=\"0\" cy=\"7.3\" r=\"5\" data-c=\"11\"/>")
  }
}
