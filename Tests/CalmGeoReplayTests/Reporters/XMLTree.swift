import CLibXML2
import Foundation

/// An XML document read back with libxml2 (the parser the core uses for GPX): elements
/// with their attributes, text and children, or `nil` when the text is not well-formed.
struct XMLTree: Sendable {
  var name: String
  var attributes: [String: String]
  var text: String
  var children: [XMLTree]

  /// The root element of `xml`; `nil` when libxml2 rejects the document.
  static func parse(_ xml: String) -> XMLTree? {
    let bytes = Array(xml.utf8)
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          xmlReadMemory($0, Int32(buffer.count), "report.xml", "UTF-8", options)
        }
      } ?? nil
    }
    guard let document else { return nil }
    defer { xmlFreeDoc(document) }
    return xmlDocGetRootElement(document).map(tree)
  }

  private static func tree(_ node: xmlNodePtr) -> XMLTree {
    var attributes: [String: String] = [:]
    var attribute = node.pointee.properties
    while let current = attribute {
      let key = String(cString: current.pointee.name)
      if let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)) {
        attributes[key] = String(cString: value)
        free(value)  // xmlFree is free unless an application swaps the allocator
      }
      attribute = current.pointee.next
    }
    var text = ""
    var children: [XMLTree] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE: children.append(tree(current))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = current.pointee.content { text += String(cString: content) }
      default: break
      }
      child = current.pointee.next
    }
    return XMLTree(name: String(cString: node.pointee.name), attributes: attributes, text: text, children: children)
  }

  /// The children named `name`.
  func children(_ name: String) -> [XMLTree] { children.filter { $0.name == name } }
}
