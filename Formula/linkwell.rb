# Homebrew formula for a tap (`brew tap your-org/linkwell https://github.com/your-org/linkwell`,
# then `brew install --HEAD linkwell`): builds Linkwell from source with SwiftPM, links the system's
# libyaml, and installs the shell completions and the man page. No version has been published yet,
# so the formula names no release archive and no checksum; a release adds `url` and `sha256` for
# its tag (and plain `brew install linkwell` then works).
class Linkwell < Formula
  desc "Web side of iOS Universal Links and Android App Links, from one manifest"
  homepage "https://github.com/your-org/linkwell"
  license "Apache-2.0"
  head "https://github.com/your-org/linkwell.git", branch: "main"

  depends_on "libyaml"
  # Swift 6.3, which the code is written for (Xcode 26.3 ships Swift 6.2.3).
  depends_on xcode: ["26.4", :build]
  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "linkwell"
    bin.install ".build/release/linkwell"
    generate_completions_from_executable(bin/"linkwell", "--generate-completion-script")
    # swift-argument-parser's manual generator, run on the binary just built (its plugin would
    # build every product again); it takes --multi-page as a flag, never --multi-page=false.
    parser = ".build/checkouts/swift-argument-parser"
    system "swift", "build", "--disable-sandbox", "--package-path", parser, "--product", "generate-manual",
           "--scratch-path", buildpath/"manual-tool"
    mkdir buildpath/"man"
    system buildpath/"manual-tool/debug/generate-manual", bin/"linkwell", "--output-directory", buildpath/"man"
    man1.install Dir[buildpath/"man/*.1"]
  end

  test do
    system bin/"linkwell", "init", "--domain", "m.example.com", "--mirror", "mlink.example.com",
           "--team-id", "ABCDE12345", "--bundle-id", "com.example.app", "--package", "com.example.app"
    system bin/"linkwell", "validate", "--strict"
    system bin/"linkwell", "build"
    assert_path_exists testpath/"Output/m.example.com/.well-known/apple-app-site-association"
    assert_match(/\A\d+\.\d+\.\d+\n\z/, shell_output("#{bin}/linkwell --version"))
  end
end
